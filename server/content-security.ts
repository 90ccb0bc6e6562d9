import { createHash } from 'node:crypto';
import { PLOT_STYLE } from '../shared/report-charts/plot-style.ts';

/** A CSP hash source for an inline element's exact text: `'sha256-…'`. */
export function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The app's Content-Security-Policy (helmet): everything from this origin, nothing inline — except
 * the one `<style>` Observable Plot puts inside each chart of the report screen, allowed by the hash
 * of its exact text (`PLOT_STYLE`), so the charts draw as Plot means them without allowing inline
 * styles at large and without a console error. The HTML report file has a policy of its own.
 */
export const CONTENT_SECURITY_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", hashSource(PLOT_STYLE)],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};
