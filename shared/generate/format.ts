import type { ScenarioCases } from '../parse/scenario-block.ts';
import { formatScenarioCsv } from '../parse/scenario-csv.ts';
import type { Triple } from '../schemas/triple.ts';

/**
 * Triples as triples JSONL (docs/FORMATS.md): one JSON object per line, each line ending in a line
 * break (so no triples give the empty string). Keys come in a fixed order whatever order the input
 * objects hold them in — id, mode, current, tsc1, tsc2, and within a precedent factors, outcome —
 * so equal triples always give equal bytes. Factor lists are written as they are; generated
 * triples already have them in catalogue order.
 *
 * @example triplesToJsonl([{ id: 'a-1', mode: 'arguable', current: { factors: ['F4'] },
 *   tsc1: { factors: ['F4'], outcome: 'plaintiff' }, tsc2: { factors: ['F1'], outcome: 'defendant' } }])
 * // '{"id":"a-1","mode":"arguable","current":{"factors":["F4"]},"tsc1":{"factors":["F4"],"outcome":"plaintiff"},"tsc2":{"factors":["F1"],"outcome":"defendant"}}\n'
 */
export function triplesToJsonl(triples: readonly Triple[]): string {
  return triples
    .map((triple) => {
      const record = {
        id: triple.id,
        mode: triple.mode,
        current: { factors: triple.current.factors },
        tsc1: { factors: triple.tsc1.factors, outcome: triple.tsc1.outcome },
        tsc2: { factors: triple.tsc2.factors, outcome: triple.tsc2.outcome },
      };
      return `${JSON.stringify(record)}\n`;
    })
    .join('');
}

/**
 * Triples in the study's scenario CSV, via `formatScenarioCsv` (shared/parse): the `Scenario`
 * header, then one quoted block per triple, in input order, no final line break. The format has no
 * place for ids or modes, so they are dropped; `parseScenarioCsv` with the mode and an id prefix
 * reads the cases back (ids `${prefix}-${n}` in this order).
 *
 * @example triplesToScenarioCsv([]) // 'Scenario'
 */
export function triplesToScenarioCsv(triples: readonly Triple[]): string {
  const scenarios: ScenarioCases[] = triples.map((triple) => ({
    current: { factors: triple.current.factors },
    tsc1: { factors: triple.tsc1.factors, outcome: triple.tsc1.outcome },
    tsc2: { factors: triple.tsc2.factors, outcome: triple.tsc2.outcome },
  }));
  return formatScenarioCsv(scenarios);
}
