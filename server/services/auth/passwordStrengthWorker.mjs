/**
 * The password strength estimator (zxcvbn-ts with its common and English word lists), in a
 * worker thread: building its dictionaries takes a few hundred milliseconds and some passwords
 * (long repeated patterns) take a second or more to estimate, which must never hold up the
 * server's other requests. Plain JavaScript, so that Node runs it as it is under tsx, Vitest
 * and plain node alike. passwordPolicy.ts starts it, sends one password at a time and stops it
 * when it runs over its time limit or has been idle for a while.
 */
import { parentPort } from 'node:worker_threads';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

// No translations: feedback warnings come back as their keys (e.g. "common", "sequences"),
// which passwordPolicy.ts turns into its own plain words.
const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...english.dictionary },
  graphs: common.adjacencyGraphs,
});

parentPort.on('message', (message) => {
  const { id, password, userInputs } = message;
  try {
    const result = zxcvbn.check(password, userInputs);
    parentPort.postMessage({
      id,
      score: result.score,
      warning: result.feedback.warning,
    });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
