// The one rule of a team its identity provider re-created (docs/api.md, "Identity-provider
// lifecycles"): HCP Terraform's SCIM page says a group re-activated in the provider "creates a new
// team", a new id under the same name without the old team's grants. The API links no old id to the
// new one, so the signature is what the service leaves: a team linked to an identity-provider group
// that holds none of the grants its name held. The plan's `team-recreated` warning
// (diff/recreated.ts: the grants the files give it) and `report diff` (evidence/compare.ts: the
// grants the old report shows under the old id) both ask it here. Pure.

/** Whether `team`, holding `heldGrants` of the grants its name held, looks re-created by its identity provider. */
export function looksRecreated(team: { readonly scimLinked?: boolean }, heldGrants: number): boolean {
  return team.scimLinked === true && heldGrants === 0;
}
