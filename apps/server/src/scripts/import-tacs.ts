import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { createLogger } from '../lib/logger';
import { importTacs } from '../modules/devices/device-tacs';

/**
 * `npm run tac:import -- <file.csv>`: loads a CSV export of the GSMA TAC file (columns tac, make, model, optionally kind)
 * into the TAC table, over what is there (decision 028). Refused rows are listed; the rest are imported.
 */
async function main() {
  const file = process.argv[2];
  if (!file) {
    process.stderr.write('Usage: npm run tac:import -- <file.csv>\n');
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase(config, createLogger(process.env.LOG_LEVEL ?? 'warn'));
  try {
    const result = await importTacs(database.db, path.resolve(file), path.basename(file));
    process.stdout.write(`${result.imported} TACs imported, ${result.refused.length} rows refused.\n`);
    for (const r of result.refused.slice(0, 50)) process.stdout.write(`  row ${r.row}: ${r.reason}\n`);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
