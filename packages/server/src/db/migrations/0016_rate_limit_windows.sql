-- The rate limiter's fixed windows, shared by every replica on the database. UNLOGGED: a hit
-- writes no WAL, and a crash of the server that empties the table only forgives open windows.
-- Free room on each page keeps the per-hit count update on its page (HOT: the key never changes).
CREATE UNLOGGED TABLE "rate_limit_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL
) WITH (fillfactor = 70);
