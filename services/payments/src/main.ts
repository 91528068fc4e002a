import { runService } from '@jesus-walks/service-kit/run-service';
import { service } from './service';

await runService(service);
