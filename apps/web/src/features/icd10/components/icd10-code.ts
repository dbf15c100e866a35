/**
 * ICD-10-CM codes are stored without their dot (M5450); clinicians read them with it after the
 * third character (M54.50). Three-character categories (R52) have no dot.
 */
export function displayIcd10Code(code: string): string {
  const plain = code.replace('.', '').toUpperCase();
  return plain.length > 3 ? `${plain.slice(0, 3)}.${plain.slice(3)}` : plain;
}
