import { useDocumentTitle } from '../../components/a11y.ts';

/** Where adjudicators land until the adjudication screen exists (it is the next piece of work). */
export function AdjudicationPlaceholder() {
  useDocumentTitle('Adjudication');
  return (
    <div className="narrow-page">
      <p className="eyebrow">Adjudication</p>
      <h1 tabIndex={-1}>Nothing to adjudicate here yet</h1>
      <p>
        The adjudication queue will list the arguments whose two annotations are both submitted, with their
        disagreements to resolve. It is not built yet; until then, gold can be imported with{' '}
        <code>npm run -s cli -- import gold FILE</code>.
      </p>
    </div>
  );
}
