import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeTest } from '../../../test/route-test';
import { findTac, importTacs } from './device-tacs';

/** The TAC table loaded from a CSV export of the GSMA file: its column names, refused rows, and a newer export over it. */
const { t } = routeTest({});

async function csv(text: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tacs-'));
  const file = path.join(dir, 'tacs.csv');
  await writeFile(file, text);
  return file;
}

describe('the TAC table', () => {
  it('imports the rows of an export by its column names, refuses the bad ones by row, and a newer export wins', async () => {
    const first = await csv(
      [
        'TAC,Manufacturer,Marketing Name,Device Type',
        '99000101,Acme Modules,AM-100 NB-IoT,Module',
        '9900010,Acme Modules,Short code,Module',
        '99000102,,No maker,Module',
        '99000103,Acme Modules,AM-300 LTE-M,',
      ].join('\n'),
    );
    const result = await importTacs(t.database.db, first, 'tacs-2026-11.csv');
    expect(result).toEqual({
      imported: 2,
      refused: [
        { row: 3, reason: 'A TAC is 8 digits' },
        { row: 4, reason: 'No make or model' },
      ],
    });
    expect(await findTac(t.database.db, '990001010000012')).toEqual({
      tac: '99000101',
      make: 'Acme Modules',
      model: 'AM-100 NB-IoT',
      kind: 'Module',
    });
    expect(await findTac(t.database.db, '990001030000010')).toMatchObject({ kind: null });
    expect(await findTac(t.database.db, '123456780000000')).toBeNull();

    const newer = await csv('tac,make,model\n99000101,Acme Modules,AM-100 NB-IoT rev B\n');
    expect((await importTacs(t.database.db, newer, 'tacs-2026-12.csv')).imported).toBe(1);
    expect(await findTac(t.database.db, '990001010000012')).toMatchObject({ model: 'AM-100 NB-IoT rev B' });
    await expect(importTacs(t.database.db, await csv('code,maker\n1,2\n'), 'x.csv')).rejects.toThrow(
      'The file needs the columns tac, make and model',
    );
  });
});
