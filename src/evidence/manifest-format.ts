// The names an evidence bundle's manifest is written and read by (docs/evidence.md, "Evidence
// bundle"): render/evidence/manifest.ts writes it, manifest-parse.ts reads it back for `report verify`.

/** The manifest's own file in DIR: it cannot list its own hash, so it is never one of `files`. */
export const MANIFEST_FILE = 'manifest.json';

/** The bundle's table of derived rows (docs/evidence.md, "Derived rows"), counted in the manifest as `derived`. */
export const DERIVED_FILE = 'derived.csv';

/** `format_version` of manifest.json as written: 2 adds the provenance (build, operator, inputs, exceptions). */
export const MANIFEST_FORMAT_VERSION = 2;

/** The versions a reader takes (1: a bundle written before the provenance); it refuses any other. */
export const MANIFEST_FORMAT_VERSIONS_READ: readonly number[] = [1, 2];

/**
 * A file name a bundle may hold: one plain name in DIR (no folder, no leading dot), so neither a
 * writer nor a manifest read by `report verify` can reach outside DIR.
 */
export const BUNDLE_FILE_NAME = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;
