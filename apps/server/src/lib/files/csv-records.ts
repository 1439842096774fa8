import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream';
import { CsvError, type Options, parse } from 'csv-parse';
import { refuseFile, sizeInWords } from './file-errors';
import { columnName, type TFileRecord } from './file-record';

/**
 * Reading a CSV upload as a stream of records. A malformed line (a quote left open, a quote inside an unquoted
 * field, text after a closing quote, a row too long to be one) is refused with its line number and what is wrong,
 * in words a person who saved the file from a spreadsheet can act on.
 */

/** The longest row read (its characters): longer is a quote left open or not a CSV of rows. */
export const CSV_ROW_MAX_CHARS = 1024 * 1024;

const OPTIONS: Options = {
  bom: true,
  relax_column_count: true,
  skip_empty_lines: true,
  trim: true,
  max_record_size: CSV_ROW_MAX_CHARS,
};

/**
 * The line where the record that never ended (an open quote, an endless row) starts: the file is read again,
 * noting where each record ends. Only a failed read pays for this; tracking lines on every read costs the upload
 * a third more CPU.
 */
async function openRecordLine(path: string): Promise<number> {
  let lastLine = 0;
  const parser = parse({
    ...OPTIONS,
    on_record: (record: string[], context) => {
      lastLine = context.lines;
      return record;
    },
  });
  pipeline(createReadStream(path, { highWaterMark: 256 * 1024 }), parser, () => {});
  try {
    for await (const _ of parser) {
      // only the line count is wanted
    }
  } catch {
    // the fault being located
  }
  return lastLine + 1;
}

/**
 * The error for a csv-parse failure: a refusal naming the line and what is wrong; anything else as it is.
 * `openLine` finds where a record that never ended starts.
 */
export async function csvFailure(error: unknown, openLine: () => Promise<number>): Promise<unknown> {
  if (!(error instanceof CsvError)) return error;
  const at = (error as CsvError & { lines?: number }).lines ?? 1;
  let message: string;
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      message = `Line ${await openLine()}: a quoted field is not closed`;
      break;
    case 'CSV_MAX_RECORD_SIZE':
      message = `Line ${await openLine()}: the row is longer than ${sizeInWords(CSV_ROW_MAX_CHARS)}; is a quote left open?`;
      break;
    case 'INVALID_OPENING_QUOTE':
      message = `Line ${at}: a quote (") inside a field that does not start with one; put the whole field in quotes and double the quotes inside it`;
      break;
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      message = `Line ${at}: text follows the closing quote of a field; a quote inside a quoted field must be doubled ("")`;
      break;
    default:
      message = `Line ${at}: this line is not valid CSV`;
  }
  return refuseFile('UNPROCESSABLE', message);
}

/** The column names of a CSV file (columnName of each cell), read from its first line. */
export async function readCsvHeader(path: string): Promise<string[]> {
  // The first record is taken as the parser meets it: a fault in a later line is for the reading of the rows to report.
  let header: string[] | null = null;
  const parser = parse({
    ...OPTIONS,
    on_record: (record: string[]) => {
      header ??= record;
      return record;
    },
  });
  pipeline(createReadStream(path, { end: 64 * 1024 }), parser, () => {});
  try {
    for await (const _ of parser) break;
  } catch (error) {
    if (!header) throw await csvFailure(error, async () => 1);
  } finally {
    parser.destroy();
  }
  return (header ?? []).map(columnName);
}

/** Every row of a CSV file, header included, read as a stream (`progress.bytes`: how far it has read). */
export async function* csvRecords(path: string, progress: { bytes: number } = { bytes: 0 }): AsyncGenerator<TFileRecord> {
  const parser = parse({ ...OPTIONS, info: true });
  // pipeline, not pipe: a failure to read the file reaches the loop below instead of leaving it waiting.
  pipeline(createReadStream(path, { highWaterMark: 256 * 1024 }), parser, () => {});
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number; bytes: number } }>) {
      progress.bytes = info.bytes;
      yield { row: info.lines, cells: record };
    }
  } catch (error) {
    throw await csvFailure(error, () => openRecordLine(path));
  } finally {
    parser.destroy();
  }
}
