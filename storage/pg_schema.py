"""The wizard's tables in PostgreSQL, created on first use by whichever replica starts first.

``wizard_projects`` (id, name, record JSONB, revision, schema_version, updated_at, summary JSONB:
what the project list shows, so listing is one query; name_key: the name as names compare, unique;
settled JSONB and settled_digest: the record's settled records kept apart, ``pg_save.py``),
``wizard_project_log`` (project_id, log, seq, entry JSONB) and ``wizard_settings`` (name, value
JSONB). Creating them is idempotent, under an advisory lock, so replicas starting together agree.
"""

from __future__ import annotations

import psycopg

from wizard_core.store import name_key

SCHEMA = """
CREATE TABLE IF NOT EXISTS wizard_projects (
    id text PRIMARY KEY,
    name text NOT NULL,
    record jsonb NOT NULL,
    revision integer NOT NULL,
    schema_version integer NOT NULL,
    updated_at timestamptz NOT NULL,
    summary jsonb NOT NULL,
    name_key text
);
CREATE TABLE IF NOT EXISTS wizard_project_log (
    project_id text NOT NULL REFERENCES wizard_projects (id) ON DELETE CASCADE,
    log text NOT NULL,
    seq integer NOT NULL,
    entry jsonb NOT NULL,
    PRIMARY KEY (project_id, log, seq)
);
CREATE TABLE IF NOT EXISTS wizard_settings (
    name text PRIMARY KEY,
    value jsonb NOT NULL
);
ALTER TABLE wizard_projects ADD COLUMN IF NOT EXISTS name_key text;
ALTER TABLE wizard_projects ADD COLUMN IF NOT EXISTS settled jsonb;
ALTER TABLE wizard_projects ADD COLUMN IF NOT EXISTS settled_digest text;
CREATE UNIQUE INDEX IF NOT EXISTS wizard_projects_name_key ON wizard_projects (name_key);
DO $$
BEGIN
    IF current_setting('server_version_num')::integer >= 140000 THEN
        IF EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = 'wizard_projects'::regclass
                   AND attname IN ('record', 'settled') AND attcompression <> 'l') THEN
            ALTER TABLE wizard_projects ALTER COLUMN record SET COMPRESSION lz4,
                                        ALTER COLUMN settled SET COMPRESSION lz4;
        END IF;
    END IF;
EXCEPTION WHEN feature_not_supported OR insufficient_privilege THEN NULL;
END $$;
"""
# Every save rewrites its record, which PostgreSQL compresses: lz4 (from PostgreSQL 14, when the
# server has it) takes a fraction of the default pglz's time. Elsewhere, or for a user who does not
# own the table, records stay as they are; either way every record reads back.
# Rows from before ``name_key`` get it where their name is nobody else's; old duplicates keep NULL
# (NULLs never clash), so the index is built whatever is stored, and a rename gives them a key.
UNKEYED = "SELECT id, name FROM wizard_projects WHERE name_key IS NULL AND name <> ''"
KEYED = "SELECT name_key FROM wizard_projects WHERE name_key IS NOT NULL"
SET_KEY = "UPDATE wizard_projects SET name_key = %s WHERE id = %s AND name_key IS NULL"
_SCHEMA_LOCK = 0x5749_5A31  # advisory lock key: replicas starting together create the tables once


def create(conn: psycopg.Connection, keyed: bool) -> None:
    """Create the tables and index if missing, in one transaction; ``keyed`` (an unsealed store): give
    rows stored before ``name_key`` their key."""
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
        conn.execute(SCHEMA)
        if keyed:
            _key_names(conn)


def _key_names(conn: psycopg.Connection) -> None:
    """Give rows stored before ``name_key`` their key, but where two share a name (left NULL, as they are)."""
    taken = {key for (key,) in conn.execute(KEYED).fetchall()}
    by_key: dict[str, list[str]] = {}
    for project_id, name in conn.execute(UNKEYED).fetchall():
        by_key.setdefault(name_key(name), []).append(project_id)
    for key, ids in by_key.items():
        if len(ids) == 1 and key not in taken:
            conn.execute(SET_KEY, (key, ids[0]))
