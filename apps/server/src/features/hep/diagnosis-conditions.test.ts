import fs from 'node:fs';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CONDITIONS } from '@homestretch/contract/library/catalogue-entry';
import { ICD10_CODES_FILE } from '../../seed/icd10';
import { DIAGNOSES, type DiagnosisCode } from '../../seed/demo-people';
import { ICD10_CONDITIONS, conditionOf, readDiagnosis } from './diagnosis-conditions';

/** The shipped code set's codes (assets/icd10cm), read once for the file. */
const SHIPPED = new Set(
  zlib
    .gunzipSync(fs.readFileSync(ICD10_CODES_FILE))
    .toString('utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t')[0]),
);

describe('conditionOf', () => {
  it('reads the codes a clinician would, with or without the dot', () => {
    const expected = {
      'M17.11': 'knee-osteoarthritis',
      'Z96.651': 'knee-replacement',
      'S83.511D': 'acl-reconstruction',
      'M22.2X1': 'patellofemoral-pain',
      'M16.12': 'hip-osteoarthritis',
      'Z96.641': 'hip-replacement',
      'M54.50': 'low-back-pain',
      'M54.41': 'low-back-pain',
      'M48.062': 'low-back-pain',
      'M54.2': 'neck-pain',
      'S13.4XXD': 'neck-pain',
      'M75.41': 'shoulder-impingement',
      'M75.111': 'rotator-cuff-repair',
      'M75.02': 'frozen-shoulder',
      'S93.401D': 'ankle-sprain',
      'M72.2': 'plantar-fasciitis',
      'R26.81': 'falls-prevention',
      'Z91.81': 'falls-prevention',
      'M40.04': 'posture',
      m1711: 'knee-osteoarthritis',
    } as const;
    for (const [code, condition] of Object.entries(expected)) {
      expect(conditionOf(code), code).toBe(condition);
    }
  });

  it('takes the longest listed prefix: a lumbar radiculopathy is low back pain, a cervical one neck pain', () => {
    expect(conditionOf('M54.16')).toBe('low-back-pain');
    expect(conditionOf('M54.12')).toBe('neck-pain');
    expect(conditionOf('M54.14')).toBeNull();
    expect(conditionOf('S83.521A')).toBeNull(); // the posterior cruciate
  });

  it('names no condition for a code without one', () => {
    for (const code of ['Z47.1', 'M25.561', 'M77.11', 'J45.909', 'M6']) {
      expect(conditionOf(code), code).toBeNull();
    }
  });

  it('lists real codes of the shipped set, each once, and every catalogue condition', () => {
    const prefixes = ICD10_CONDITIONS.map(([prefix]) => prefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    expect(prefixes.filter((prefix) => !SHIPPED.has(prefix))).toEqual([]);
    expect(new Set(ICD10_CONDITIONS.map(([, condition]) => condition))).toEqual(
      new Set(CONDITIONS),
    );
  });
});

describe('readDiagnosis', () => {
  it("reads every demo patient's diagnosis as a condition, a region, or nothing, explained", () => {
    const expected: Record<DiagnosisCode, string> = {
      M5450: 'low-back-pain',
      M5459: 'low-back-pain',
      M5416: 'low-back-pain',
      M5417: 'low-back-pain',
      M5126: 'low-back-pain',
      M48062: 'low-back-pain',
      M4316: 'low-back-pain',
      M542: 'neck-pain',
      M50322: 'neck-pain',
      S134XXD: 'neck-pain',
      M7541: 'shoulder-impingement',
      M7502: 'frozen-shoulder',
      M75111: 'rotator-cuff-repair',
      M25512: 'region shoulder',
      S43431D: 'region shoulder',
      M7711: 'none',
      G5601: 'none',
      M1711: 'knee-osteoarthritis',
      M170: 'knee-osteoarthritis',
      M25561: 'region knee',
      S83511D: 'acl-reconstruction',
      S83241D: 'region knee',
      Z96651: 'knee-replacement',
      Z96652: 'knee-replacement',
      M1612: 'hip-osteoarthritis',
      Z96641: 'hip-replacement',
      M7062: 'region hip',
      M25551: 'region hip',
      M7631: 'region knee',
      M7661: 'region ankle-foot',
      M722: 'plantar-fasciitis',
      S93401D: 'ankle-sprain',
      Z471: 'none',
      R2681: 'falls-prevention',
      R262: 'falls-prevention',
      Z9181: 'falls-prevention',
      M810: 'region balance',
      M6281: 'region balance',
      I69351: 'region balance',
      G20A1: 'region balance',
    };
    const found = Object.fromEntries(
      Object.keys(DIAGNOSES).map((code) => {
        const reading = readDiagnosis(code);
        return [
          code,
          reading.kind === 'condition'
            ? reading.condition
            : reading.kind === 'region'
              ? `region ${reading.catalogueRegion}`
              : 'none',
        ];
      }),
    );
    expect(found).toEqual(expected);
  });

  it('treats a thoracic back problem with the posture exercises', () => {
    expect(readDiagnosis('M54.6')).toMatchObject({ kind: 'region', catalogueRegion: 'posture' });
    expect(readDiagnosis(null)).toEqual({ kind: 'none', code: null, region: null });
  });
});
