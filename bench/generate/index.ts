// The scenario generator: one organization spec -> the emulator's seed, the desired-state YAML,
// the pure core's inputs and the exact differences between them.
export { domainOf } from './domain.js';
export { type Expected, type GeneratedOrganization, generateOrganization, type OrganizationSpec } from './organization.js';
export { BENCH_TOKEN, seedOf } from './seed.js';
export { generateFor, generateSetsOrganization, setsYaml } from './sets.js';
export { desiredYaml, teamsYaml } from './yaml.js';
