// RFC 4180 text, read and written here rather than through a library: the whole grammar is a
// quoted field (quotes doubled inside, commas and line breaks allowed), an unquoted field, and
// CRLF (or LF) between records, and the import must say exactly which row a cell came from, which
// needs the line a record starts on (a quoted line break moves a spreadsheet's row count no further).
// Written as Excel opens it: UTF-8 with a byte-order mark, CRLF, every field quoted when it needs to be.

import { CATALOGUE_CSV_MESSAGES as M } from "@vela/shared/admin";

const BOM = "\uFEFF";

/** A cell a spreadsheet would run as a formula: it gets a leading apostrophe on export. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** What the export writes for a cell: formula-looking text behind an apostrophe, which the import takes off. */
export function escapeFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The import's reading of a cell: an apostrophe the export put before formula-looking text comes off. */
export function unescapeFormula(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

function field(value: string): string {
  return /[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Rows to CSV text: BOM, CRLF after every record, formula-looking cells escaped. */
export function writeCsv(rows: readonly (readonly string[])[]): string {
  return BOM + rows.map((row) => `${row.map((cell) => field(escapeFormula(cell))).join(",")}\r\n`).join("");
}

export interface CsvRecord {
  /** The spreadsheet's row number of the record's first line (the header is row 1). */
  row: number;
  cells: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly row: number,
    message: string,
  ) {
    super(message);
  }
}

const CSV_SYNTAX = {
  unclosedQuote: M.unclosedQuote,
  textAfterQuote: M.textAfterQuote,
  quoteInside: M.quoteInside,
} as const;

/**
 * CSV text to records, each with the row it starts on. A leading BOM is dropped; records end with
 * CRLF, LF or CR; blank lines (no cell at all) are skipped but still counted.
 */
export function readCsv(text: string): CsvRecord[] {
  const src = text.startsWith(BOM) ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let line = 1;
  let startLine = 1;
  let cells: string[] = [];
  let cell = "";
  let i = 0;
  let quoted = false;
  let afterQuote = false;
  let touched = false;
  const endRecord = () => {
    cells.push(cell);
    if (touched || cells.length > 1 || cell !== "") records.push({ row: startLine, cells });
    cells = [];
    cell = "";
    touched = false;
    afterQuote = false;
  };
  while (i < src.length) {
    const ch = src[i] as string;
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
        afterQuote = true;
        i++;
        continue;
      }
      cell += ch;
      i++;
      continue;
    }
    if (ch === ",") {
      cells.push(cell);
      cell = "";
      afterQuote = false;
      touched = true;
      i++;
      continue;
    }
    if (ch === "\r" || ch === "\n") {
      endRecord();
      i += ch === "\r" && src[i + 1] === "\n" ? 2 : 1;
      line++;
      startLine = line;
      continue;
    }
    if (afterQuote) throw new CsvSyntaxError(line, CSV_SYNTAX.textAfterQuote);
    if (ch === '"') {
      if (cell !== "") throw new CsvSyntaxError(line, CSV_SYNTAX.quoteInside);
      quoted = true;
      touched = true;
      i++;
      continue;
    }
    cell += ch;
    i++;
  }
  if (quoted) throw new CsvSyntaxError(startLine, CSV_SYNTAX.unclosedQuote);
  if (cell !== "" || cells.length > 0 || touched) endRecord();
  return records;
}
