import { diffOutputs, formatDiff, isUnchanged } from '../shared/rules/evaluation/expected-output.ts';
import { outputsNow, readExpected, writeExpected } from '../test/fixtures/rules/expected-outputs.ts';
import { ALL_SETS, loadLexicon, type SetName } from '../test/fixtures/rules/labelled-arguments.ts';

/**
 * `npm run rules:diff [-- --accept] [-- SET…]`: what the rules read now in every labelled development
 * set, against the reviewed output committed in test/fixtures/rules-expected/<set>.jsonl — per set,
 * the (argument, case, factor) units gained and lost, counted per rule and listed one by one with
 * what the gold says of each; then the other changes (unlisted, abstention, truncation) and the
 * arguments whose mentions alone changed (a rule renamed, a negated reading moved). `--accept`
 * commits the output now as the expected output, after review. No held-out set is read.
 */
const args = process.argv.slice(2);
const accept = args.includes('--accept');
const unknown = args.filter((arg) => arg.startsWith('--') && arg !== '--accept');
const named = args.filter((arg) => !arg.startsWith('--'));
const wrong = named.filter((set) => !(ALL_SETS as readonly string[]).includes(set));
if (unknown.length > 0 || wrong.length > 0) {
  console.error(
    `rules:diff: ${[...unknown.map((arg) => `unknown option ${arg}`), ...wrong.map((set) => `no labelled set "${set}"`)].join('; ')}\n` +
      `usage: npm run rules:diff [-- --accept] [-- SET…]; sets: ${ALL_SETS.join(', ')}`,
  );
  process.exit(2);
}
const sets = named.length > 0 ? (named as SetName[]) : ALL_SETS;
const lexicon = loadLexicon();
let changed = 0;
for (const set of sets) {
  const { gold, outputs } = outputsNow(set, lexicon);
  const diff = diffOutputs(
    set,
    readExpected(set),
    outputs,
    new Map(gold.map((argument) => [argument.id, argument])),
  );
  console.log(formatDiff(diff));
  if (isUnchanged(diff)) continue;
  changed += 1;
  if (accept) writeExpected(set, outputs);
}
console.log(
  changed === 0
    ? 'no change against the expected outputs'
    : accept
      ? `${changed} set(s) changed: the output now is committed as expected (review it with git diff)`
      : `${changed} set(s) changed: review the lines above, then accept with npm run rules:diff -- --accept`,
);
