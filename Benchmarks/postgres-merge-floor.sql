-- PostgreSQL's own share of a 10,000-delta merge (`sync-benchmark`'s scattered batch), without Tally: the
-- same upsert Tally sends (5,000 new rows and 5,000 edits of rows picked anywhere in a 100,000-row history),
-- into a scratch copy of the `records` table with all its indexes, timed by psql. It tells how much of a
-- merge's time is the database's work, which no change in Tally can take away.
--
--   psql postgres://USER@HOST/DB -f Benchmarks/postgres-merge-floor.sql
--
-- DB must be a database Tally has migrated (`tally serve --database` or `tally --database ... users add`
-- made its tables); the script works in a table of its own, `merge_floor`, and drops it at the end. psql
-- prints four timings: the checkpoint (so that the upsert, like every other merge of `sync-benchmark`,
-- starts after one and writes each page it changes whole to the log), BEGIN, the upsert, and the commit.
DROP TABLE IF EXISTS merge_floor;
CREATE TABLE merge_floor (LIKE records INCLUDING ALL);
INSERT INTO merge_floor
    SELECT 'water entry', gen_random_uuid(), '00000000-0000-0000-0000-000000000001', NULL,
        1700000000000 - g::bigint * 3000000, 1, 1, gen_random_uuid(), 'stamp-0000000000000-0000', false, g,
        repeat('x', 200)
    FROM generate_series(1, 100000) g;
VACUUM ANALYZE merge_floor;
CREATE TEMP TABLE batch AS
    (SELECT 'water entry'::text AS kind, gen_random_uuid() AS id,
        '00000000-0000-0000-0000-000000000001'::uuid AS owner_id, 1700000000000::bigint AS search_key,
        repeat('y', 200) AS body
     FROM generate_series(1, 5000))
    UNION ALL (SELECT kind, id, owner_id, search_key, body FROM merge_floor ORDER BY random() LIMIT 5000);
\timing on
CHECKPOINT;
BEGIN;
INSERT INTO merge_floor (kind, id, owner_id, natural_key, search_key, created_ms, modified_ms, device_id, stamp,
        deleted, sequence, body)
    SELECT kind, id, owner_id, NULL, search_key, 1, 2, owner_id, 'stamp-0000000000001-0001', false,
        200000 + row_number() OVER (), body
    FROM batch
    ON CONFLICT (owner_id, id, kind) DO UPDATE SET natural_key = excluded.natural_key,
        search_key = excluded.search_key, created_ms = excluded.created_ms, modified_ms = excluded.modified_ms,
        device_id = excluded.device_id, stamp = excluded.stamp, deleted = excluded.deleted,
        sequence = excluded.sequence, body = excluded.body;
COMMIT;
\timing off
DROP TABLE merge_floor;
