/** The report screen's URL; kept apart from the screen so the header links to it without loading it. */
export function reportPath(study: string): string {
  return `/studies/${encodeURIComponent(study)}/report`;
}
