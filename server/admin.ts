/**
 * Operator commands: `npm run admin -- plan user@example.com pro`, `… restrict user@example.com`,
 * `… unrestrict user@example.com`. They open the same database as the server (DATA_DIR or
 * DATABASE_URL); with the embedded database, stop the server first (PGlite allows one process,
 * and a running server's lock makes the command say so instead of opening it beside the server).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Database } from './db/client';
import { openDatabase } from './db/client';
import { DataDirLockedError, lockDataDir, type DataDirLock } from './db/dataDirLock';
import { loadConfig } from './config';
import { findUserByEmail, setUserPlan, setUserRestricted } from './services/users';
import { PLAN_IDS, type PlanId } from '../src/domain/schemas';

export const ADMIN_USAGE = [
  'Usage:',
  '  npm run admin -- plan <email> <free|pro|enterprise>   set a user’s plan',
  '  npm run admin -- restrict <email>                     set restricted (no scheduling)',
  '  npm run admin -- unrestrict <email>                   clear restricted',
].join('\n');

export class AdminCommandError extends Error {}

/** Runs one command and answers what it did, in a sentence for the operator. */
export async function runAdminCommand(db: Database, argv: string[]): Promise<string> {
  const [command, email, value] = argv;
  if (!command || !email) throw new AdminCommandError(ADMIN_USAGE);
  const user = await findUserByEmail(db, email);
  if (!user) {
    throw new AdminCommandError(
      `There is no account with the e-mail address ${email}. (Accounts appear after their first sign-in.)`,
    );
  }
  switch (command) {
    case 'plan': {
      const plan = value?.toUpperCase();
      if (!plan || !(PLAN_IDS as readonly string[]).includes(plan)) {
        throw new AdminCommandError(
          `Unknown plan "${value ?? ''}". Use one of: free, pro, enterprise.`,
        );
      }
      const updated = await setUserPlan(db, user.id, plan as PlanId);
      return `${email} is now on the ${updated.plan} plan.`;
    }
    case 'restrict':
    case 'unrestrict': {
      const updated = await setUserRestricted(db, user.id, command === 'restrict');
      return `${email} is now ${updated.restricted ? 'restricted' : 'unrestricted'}.`;
    }
    default:
      throw new AdminCommandError(`Unknown command "${command}".\n${ADMIN_USAGE}`);
  }
}

async function main() {
  const config = loadConfig();
  // The embedded database cannot be opened beside a running server (dataDirLock.ts).
  let dataDirLock: DataDirLock | null = null;
  if (!config.databaseUrl) {
    mkdirSync(config.dataDir, { recursive: true });
    try {
      dataDirLock = lockDataDir(config.dataDir, 'admin');
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      console.error(error.message);
      process.exitCode = 1;
      return;
    }
  }
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: 1 }
      : {
          kind: 'pglite',
          dataDir: path.join(config.dataDir, 'db'),
          durability: config.pgliteDurability,
        },
  );
  try {
    console.log(await runAdminCommand(database.db, process.argv.slice(2)));
  } catch (error) {
    console.error(error instanceof AdminCommandError ? error.message : error);
    process.exitCode = 1;
  } finally {
    await database.close();
    dataDirLock?.release();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
