/**
 * Makes a chart Observable Plot drew one accessible image: `role="img"` with its label on the root,
 * and no ARIA on the marks inside. Plot names each mark's group with `aria-label` ("dot", "rule") and
 * `aria-description`; ARIA does not permit them on an SVG `<g>` without a role (axe:
 * aria-prohibited-attr), and inside an image nothing reads them. They are kept as `data-mark` and
 * `data-description`, for tests and styles. Works on every DOM (the browser's, linkedom's).
 */
export function finishChart(chart: Element, label: string): void {
  chart.setAttribute('role', 'img');
  chart.setAttribute('aria-label', label);
  for (const element of chart.querySelectorAll('[aria-label], [aria-description]')) {
    const mark = element.getAttribute('aria-label');
    const description = element.getAttribute('aria-description');
    if (mark !== null) element.setAttribute('data-mark', mark);
    if (description !== null) element.setAttribute('data-description', description);
    element.removeAttribute('aria-label');
    element.removeAttribute('aria-description');
  }
}
