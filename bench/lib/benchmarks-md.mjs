// Writing a benchmark's result row into docs/benchmarks.md.
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";

/**
 * Adds `row` under the table of the section titled `header` in `file`; a section not there yet
 * is appended with `intro` (what the benchmark does) and `tableHead` (the table's first two lines).
 */
export function recordRow(file, { header, intro, tableHead }, row) {
  const lines = readFileSync(file, "utf8").split("\n");
  const start = lines.indexOf(header);
  if (start === -1) {
    appendFileSync(
      file,
      `${lines.at(-1) === "" ? "" : "\n"}\n${header}\n\n${intro}\n\n${tableHead}\n${row}\n`,
    );
    return;
  }
  // Other scripts append their sections after this one: the row goes under its own table,
  // and nothing already written changes.
  let end = start + 1;
  while (end < lines.length && !lines[end].startsWith("## ")) end++;
  let lastRow = end - 1;
  while (lastRow > start && !lines[lastRow].startsWith("|")) lastRow--;
  lines.splice(lastRow + 1, 0, row);
  writeFileSync(file, lines.join("\n"));
}

/**
 * Adds `block` (lines of Markdown, a `###` run of its own) at the end of the section titled `header` in `file`,
 * before the next `## ` section; a section not there yet is appended with `intro` first.
 */
export function recordBlock(file, { header, intro }, block) {
  const lines = readFileSync(file, "utf8").split("\n");
  const start = lines.indexOf(header);
  if (start === -1) {
    appendFileSync(
      file,
      `${lines.at(-1) === "" ? "" : "\n"}\n${header}\n\n${intro}\n\n${block.join("\n")}\n`,
    );
    return;
  }
  let end = start + 1;
  while (end < lines.length && !lines[end].startsWith("## ")) end++;
  while (end > start + 1 && lines[end - 1] === "") end--;
  const body = [...block];
  while (body.at(-1) === "") body.pop();
  lines.splice(end, 0, "", ...body);
  writeFileSync(file, lines.join("\n"));
}
