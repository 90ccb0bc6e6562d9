import { describe, expect, it } from 'vitest';
import { FLAG_CHOICES, LS, labelConfigXml } from './label-config.ts';

describe('labelConfigXml', () => {
  const xml = labelConfigXml();
  it('has a Labels control per case with the 26 factors and "unlisted"', () => {
    for (const caseId of ['current', 'tsc1', 'tsc2'] as const) {
      const block = xml.split(`<Labels name="${LS.span(caseId)}"`)[1]?.split('</Labels>')[0] ?? '';
      expect(block.match(/<Label value=/g)).toHaveLength(27);
      expect(block).toContain('<Label value="F4 Agreed-not-to-disclose (P)"/>');
      expect(block).toContain('<Label value="unlisted"/>');
    }
  });

  it('has the per-region, tick, flag and comment controls the mapping names', () => {
    for (const name of [
      LS.style,
      LS.polarity,
      LS.unlistedText,
      LS.factors('tsc2'),
      LS.unlisted('current'),
      LS.flags,
      LS.comment,
      LS.guidelineVersion,
    ])
      expect(xml).toContain(`name="${name}"`);
    expect(xml).toContain('perRegion="true"');
    for (const flag of Object.keys(FLAG_CHOICES)) expect(xml).toContain(`<Choice value="${flag}"/>`);
  });

  it('is well-formed enough: every opened control is closed', () => {
    for (const tag of ['View', 'Labels', 'Choices'])
      expect(xml.match(new RegExp(`<${tag}[ >]`, 'g'))?.length).toBe(
        xml.match(new RegExp(`</${tag}>`, 'g'))?.length,
      );
  });
});
