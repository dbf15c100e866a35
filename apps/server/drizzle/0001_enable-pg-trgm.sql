-- Trigram matching for patient name search and ICD-10-CM description search (GIN indexes in
-- the next migration). A trusted extension since PostgreSQL 13: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
