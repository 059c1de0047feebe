/** `npm run admin -- EMAIL`: makes an existing account an admin, on DATABASE_URL or the embedded database. */
import 'reflect-metadata';
import { loadConfig } from '../../config.js';
import { commandDatabase } from '../../db/command-database.js';
import { createLogger } from '../../logger.js';
import { openOrm } from '../../registry.js';
import { makeAdminByEmail, type MakeAdminOutcome } from './make-admin.js';

const email = process.argv[2]?.trim();
if (!email) {
  console.error('Usage: npm run admin -- EMAIL (the address of an existing account)');
  process.exit(2);
}

const config = loadConfig();
const logger = createLogger(config.logLevel);
const database = await commandDatabase(config, logger);
let outcome: MakeAdminOutcome;
try {
  const orm = await openOrm(database.url, { logger });
  outcome = await makeAdminByEmail(orm.em.fork(), email);
  await orm.close();
} finally {
  await database.release();
}
if (outcome === 'no such account') {
  console.error(`No account has the address ${email}: sign up with it first.`);
  process.exit(1);
}
console.log(outcome === 'made admin' ? `${email} is an admin now.` : `${email} was an admin already.`);
