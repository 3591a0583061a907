-- Trigram indexes make catalog search (ILIKE over English and Arabic text) an index lookup instead of a scan.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
