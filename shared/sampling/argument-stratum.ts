import type { StratumAttribute } from '../sample-api.ts';
import type { Argument } from '../schemas/argument.ts';
import type { Mode } from '../vocabulary.ts';
import { stratumKey } from './stratum-key.ts';

/**
 * The value of one stratum attribute for an argument: model, test, finish_reason ("unknown" when
 * absent), source ("model" when absent), or the mode of its triple ("unknown" when not known). One
 * rule for drawing a sample and for estimating under it.
 */
export function attributeValue(
  argument: Argument,
  attribute: StratumAttribute,
  mode: Mode | undefined,
): string {
  switch (attribute) {
    case 'model':
      return argument.model;
    case 'test':
      return String(argument.test);
    case 'finish_reason':
      return argument.finish_reason ?? 'unknown';
    case 'source':
      return argument.source ?? 'model';
    case 'mode':
      return mode ?? 'unknown';
  }
}

/** An argument's stratum key under the attributes `strataBy`, e.g. `model=gpt-4o|test=1`. */
export function argumentStratum(
  argument: Argument,
  strataBy: readonly StratumAttribute[],
  mode: Mode | undefined,
): string {
  return stratumKey(
    Object.fromEntries(strataBy.map((attribute) => [attribute, attributeValue(argument, attribute, mode)])),
  );
}
