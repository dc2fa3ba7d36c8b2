import { createLocalSearch } from '@talkwith/platform/search';
import { runSearchContract } from '@talkwith/platform/testing/search-contract';
import { loadReadingForms } from './index.ts';

// The embedded search with the analyser dialogue holds: the whole search contract, its Japanese reading cases too
// (the same cases the Elasticsearch adapter runs with the kuromoji plugin).
runSearchContract(
  'local, with dialogue’s reading analysis',
  async () => {
    const search = await createLocalSearch();
    search.useReadings(loadReadingForms);
    return search;
  },
  { readings: true },
);
