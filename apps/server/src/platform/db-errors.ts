/** Drizzle wraps driver errors; the PostgreSQL code sits on the cause (ARCHITECTURE.md notes). */
export function isUniqueViolation(error: unknown): boolean {
  const candidate = error as { code?: string; cause?: { code?: string } } | null;
  return candidate?.code === '23505' || candidate?.cause?.code === '23505';
}
