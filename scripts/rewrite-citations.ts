import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { readRepositoryFile, rewritableFiles, rewriteText, root, type Rewrite } from './citations';

/**
 * Points every citation of the documents kept outside the repository (the specification by
 * section, its reading notes, the design notes) at the repository's own pages:
 * docs/requirements/<feature>.md and docs/architecture.md (decision 0092).
 *
 *   npx tsx scripts/rewrite-citations.ts           rewrite, and print each change
 *   npx tsx scripts/rewrite-citations.ts --check   print what would change; exit 1 if anything would
 *
 * A rewritten markdown file is formatted again with the project's prettier settings (a longer
 * citation widens a table). Idempotent: a rewritten line cites nothing outside, so a second run
 * changes nothing; run it again after merging branches that added citations. Read its report:
 * when a line went to the wrong page, correct that line by hand and add a piece of it to
 * LINE_OVERRIDES in scripts/citations.ts, so that the next copy of it goes right.
 */
const check = process.argv.includes('--check');
const rewrites: Rewrite[] = [];
const files = new Set<string>();

for (const file of rewritableFiles()) {
  const before = readRepositoryFile(file);
  const { text, rewrites: changed } = rewriteText(file, before);
  if (changed.length === 0) continue;
  rewrites.push(...changed);
  files.add(file);
  if (check) continue;
  const absolute = path.join(root, file);
  const options = { ...(await resolveConfig(absolute)), filepath: absolute };
  writeFileSync(absolute, file.endsWith('.md') ? await format(text, options) : text);
}

for (const { file, line, before, after } of rewrites) {
  console.log(`${file}:${line}\n  - ${before.trim()}\n  + ${after.trim()}`);
}
const verb = check ? 'would change' : 'changed';
console.log(`\n${rewrites.length} lines in ${files.size} files ${verb}.`);
if (check && rewrites.length > 0) process.exitCode = 1;
