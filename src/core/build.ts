// Which build of tfe-access is running, as an evidence manifest records it (docs/evidence.md,
// "Evidence bundle"). In the source it is unknown (null); `npm run build` (scripts/build.mjs)
// replaces the compiled copy of this file with the git commit it was built from, when built from a
// git checkout, so the bundle in dist/ names its commit without reading git at run time.

/** The commit of the checkout the build was made from, and whether its files differed from it then. */
export interface BuildStamp {
  readonly commit: string;
  readonly modified: boolean;
}

export const BUILD_STAMP: BuildStamp | null = null;
