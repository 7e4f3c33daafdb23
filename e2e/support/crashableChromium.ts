/**
 * Chromium started by hand (not by Playwright) on a profile folder of the test's own, so that it
 * can be killed like a crash (SIGKILL: no unload, no flush, no clean shutdown) and started again
 * on the same profile, and reached over the DevTools protocol in between. For the data-safety
 * journeys in which the browser dies.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { chromium, type Browser, type Page } from '@playwright/test';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface RunningBrowser {
  child: ChildProcess;
  browser: Browser;
}

/** Chromium on `profile`, as a person's browser: a process of its own, with its own data. */
export async function startChromium(profile: string): Promise<RunningBrowser> {
  const child = spawn(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    // A process group of its own, as a browser is: `killChromium` kills all of it at once.
    { detached: true },
  );
  // Not left running if the test's worker ends first (a timeout, an interrupted run).
  const killOnExit = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Gone already.
    }
  };
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  const endpoint = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${output}`)), 30_000);
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', () => reject(new Error(`Chromium exited:\n${output}`)));
  });
  return { child, browser: await chromium.connectOverCDP(endpoint) };
}

/** The browser's open tab (the one it started with), or a new one. */
export async function pageOf({ browser }: RunningBrowser): Promise<Page> {
  const context = browser.contexts()[0]!;
  return context.pages()[0] ?? context.newPage();
}

/** The processes of group `pgid` still running (a zombie, killed but not reaped, is not). */
function runningInGroup(pgid: number): number[] {
  const running: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // "pid (name) state ppid pgrp …": the name may hold spaces and parentheses.
    const [state, , group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(group) === pgid && state !== 'Z') running.push(Number(entry));
  }
  return running;
}

/**
 * Kills the browser as a crash does: SIGKILL to all its processes at once (its process group:
 * left alone, the others die some milliseconds after the main one, and the storage process could
 * finish a write in that time), then waits until all of them are gone, so that nothing of the old
 * browser still writes to the profile when it is started again or removed.
 */
export async function killChromium({ child }: RunningBrowser): Promise<void> {
  const pid = child.pid;
  if (pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(-pid, 'SIGKILL');
  await exited;
  const deadline = Date.now() + 10_000;
  while (runningInGroup(pid).length > 0) {
    if (Date.now() > deadline) throw new Error(`Chromium processes still running after SIGKILL`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
