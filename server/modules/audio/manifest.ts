/** The recordings module: uploaded audio (a file of files/), its waveform and billed transcripts. */
import { transcribe } from '../ai-models/providers';
import type { ModuleManifest } from '../services';
import { audioRoutes } from './routes';
import { AudioService } from './service';

export const audioModule: ModuleManifest = {
  name: 'audio',
  tables: ['audio_recordings', 'audio_transcripts'],
  services: ({ db, files, credits, aiModels }) => ({ audio: new AudioService(db, files, credits, aiModels, transcribe) }),
  routes: audioRoutes,
};
