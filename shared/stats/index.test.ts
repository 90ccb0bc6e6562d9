import { describe, expect, it } from 'vitest';
import * as stats from './index.ts';

describe('shared/stats public API', () => {
  it('re-exports every statistic, interval, special function and the bootstrap', () => {
    expect(Object.keys(stats).sort()).toEqual(
      [
        'bcaInterval',
        'benjaminiYekutieli',
        'betaQuantile',
        'clopperPearsonInterval',
        'clusterBootstrap',
        'cohenKappa',
        'createRng',
        'fleissKappa',
        'gwetAC1',
        'jackknifeAcceleration',
        'kendallTauB',
        'krippendorffAlpha',
        'logBeta',
        'lowerTailTTest',
        'macroAverage',
        'microAverage',
        'normalCdf',
        'normalQuantile',
        'pabak',
        'percentAgreement',
        'percentileInterval',
        'precisionRecallF1',
        'regularizedIncompleteBeta',
        'resampleClusters',
        'spearmanRho',
        'specificAgreement',
        'studentTCdf',
        'studentTQuantile',
        'wilsonInterval',
      ].sort(),
    );
  });
});
