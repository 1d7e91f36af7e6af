-- Trigram search (pg_trgm ships with PostgreSQL contrib and with PGlite) must exist before its indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
