import { jobQueueContract } from './contract-suite';
import { createInProcessJobQueue } from './in-process-job-queue';

jobQueueContract((options) => createInProcessJobQueue(options));
