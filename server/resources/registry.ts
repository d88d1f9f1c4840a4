import type { ResourceDef } from './define.ts';
import type { ReadModelDef } from './read-model.ts';
import { featureReadModels, featureResources } from '../features.ts';

/** Every resource the engine serves: the features' (server/features.ts). A definition in a feature's manifest brings its API and screens. */
export const RESOURCES: ResourceDef[] = featureResources();

/** Every read model (lists over joined queries, read-model.ts), from the features' manifests: its API and screens exist from the definition. */
export const READ_MODELS: ReadModelDef[] = featureReadModels();
