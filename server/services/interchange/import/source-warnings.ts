import type { Argument } from '../../../../shared/schemas/argument.ts';
import { designNamedBy } from '../../../../shared/source-blinding.ts';
import { countArgumentsByModelAndTest } from '../../../store/arguments.ts';
import type { ApplyContext } from './reconcile.ts';

interface SourceCheck {
  /** The study's models: those stored when the import began, and those of its records so far. */
  readonly models: Set<string>;
  readonly flagged: { line: number; named: string[] }[];
  /** Where this import's one warning about sources is in `context.warnings` (-1: none yet). */
  warningAt: number;
}

// Per import: keyed by the import's context, so the models are read once and the warning is one line.
const checks = new WeakMap<ApplyContext, SourceCheck>();
const EXAMPLES = 3;

/**
 * Warns (does not refuse) when an argument's `source` names a model, a test or a mode of the study
 * (shared/source-blinding.ts): annotators never see `source`, but it travels with the argument to
 * the admins' screens, the adjudicators and every export. One warning per import, naming the lines.
 */
export async function warnIfSourceNamesDesign(
  context: ApplyContext,
  line: number,
  argument: Argument,
): Promise<void> {
  if (argument.source === undefined) return;
  let check = checks.get(context);
  if (!check) {
    const stored = (await countArgumentsByModelAndTest(context.db, context.studyId)).map((row) => row.model);
    check = { models: new Set(stored), flagged: [], warningAt: -1 };
    checks.set(context, check);
  }
  check.models.add(argument.model);
  const named = designNamedBy(argument.source, check.models);
  if (named.length === 0) return;
  check.flagged.push({ line, named });
  const count = check.flagged.length;
  const examples = check.flagged
    .slice(0, EXAMPLES)
    .map((entry) => `line ${entry.line}: ${entry.named.map((name) => `"${name}"`).join(', ')}`)
    .join('; ');
  const message = `${count === 1 ? '1 argument has a source' : `${count} arguments have a source`} that names a model or a test of the study (${examples}${count > EXAMPLES ? '; …' : ''}): annotators never see source, but admins, adjudicators and exports do — label sources without the study's design (e.g. "batch of 2025-03-01")`;
  if (check.warningAt === -1) {
    check.warningAt = context.warnings.length;
    context.warnings.push(message);
  } else context.warnings[check.warningAt] = message;
}
