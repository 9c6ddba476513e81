// Loading: PATHS -> parsed files with source positions, plus the problems met on the way.
export { parseYamlText, type LoadedFile, type NodePositions, type ParsedText, type Pos } from './document.js';
export { DEFAULT_PATH, loadFiles, nodeFileSystem, type FileSystem, type LoadResult } from './files.js';
export { DEFAULT_LIMITS, MAX_ALIAS_EXPANSIONS, MAX_DEPTH, MAX_FILE_BYTES, MAX_NODES, type LoadLimits } from './limits.js';
export { dotted, dottedPointer, fromPointer, toPointer, type Segment } from './pointer.js';
export { sortProblems, type Problem } from './problem.js';
