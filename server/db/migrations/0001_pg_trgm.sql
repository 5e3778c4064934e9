-- keyword search over large lists (users at 100,000 rows) uses trigram GIN indexes
CREATE EXTENSION IF NOT EXISTS pg_trgm;
