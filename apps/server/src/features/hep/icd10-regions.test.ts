import { describe, expect, it } from 'vitest';
import { DIAGNOSES, type DiagnosisCode } from '../../seed/demo-people';
import { ICD10_REGIONS, normalizeIcd10Code, regionOf } from './icd10-regions';

describe('regionOf', () => {
  it('takes the longest listed prefix', () => {
    expect(regionOf('M54.9')).toEqual({ region: 'Back', site: 'spine' });
    expect(regionOf('M54.50')).toEqual({ region: 'Back', site: 'lumbar' });
    expect(regionOf('M54.2')).toEqual({ region: 'Neck', site: 'cervical' });
    expect(regionOf('M47.812')).toEqual({ region: 'Neck', site: 'cervical' });
    expect(regionOf('M47.816')).toEqual({ region: 'Back', site: 'lumbar' });
    expect(regionOf('S72.001A')?.region).toBe('Hip and glutes');
    expect(regionOf('S72.401A')?.region).toBe('Knee and thigh');
  });

  it('reads a code with or without its dot, in either case', () => {
    expect(normalizeIcd10Code(' m54.50 ')).toBe('M5450');
    expect(regionOf('m25.561')).toEqual(regionOf('M25561'));
  });

  it('knows no region for a code without a site', () => {
    expect(regionOf('Z47.1')).toBeNull();
    expect(regionOf('J45.909')).toBeNull();
    expect(regionOf('M6')).toBeNull();
  });

  it('lists each prefix once', () => {
    const prefixes = ICD10_REGIONS.map(([prefix]) => prefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });

  it("places every demo patient's diagnosis but aftercare", () => {
    const expected: Record<DiagnosisCode, string | null> = {
      M5450: 'Back',
      M5459: 'Back',
      M5416: 'Back',
      M5417: 'Back',
      M5126: 'Back',
      M48062: 'Back',
      M4316: 'Back',
      M542: 'Neck',
      M50322: 'Neck',
      S134XXD: 'Neck',
      M7541: 'Shoulder',
      M7502: 'Shoulder',
      M75111: 'Shoulder',
      M25512: 'Shoulder',
      S43431D: 'Shoulder',
      M7711: 'Arm, chest and wrist',
      G5601: 'Arm, chest and wrist',
      M1711: 'Knee and thigh',
      M170: 'Knee and thigh',
      M25561: 'Knee and thigh',
      S83511D: 'Knee and thigh',
      S83241D: 'Knee and thigh',
      Z96651: 'Knee and thigh',
      Z96652: 'Knee and thigh',
      M1612: 'Hip and glutes',
      Z96641: 'Hip and glutes',
      M7062: 'Hip and glutes',
      M25551: 'Hip and glutes',
      M7631: 'Knee and thigh',
      M7661: 'Ankle and calf',
      M722: 'Ankle and calf',
      S93401D: 'Ankle and calf',
      Z471: null,
      R2681: 'Full body',
      R262: 'Full body',
      Z9181: 'Full body',
      M810: 'Full body',
      M6281: 'Full body',
      I69351: 'Full body',
      G20A1: 'Full body',
    };
    const found = Object.fromEntries(
      Object.keys(DIAGNOSES).map((code) => [code, regionOf(code)?.region ?? null]),
    );
    expect(found).toEqual(expected);
  });
});
