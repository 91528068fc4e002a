import { seoRoutes } from '@jesus-walks/contracts/seo';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { SeoDeps } from '../../deps';
import { checkHeads } from './head-check.service';

export function registerHeadCheckRoutes(app: ServiceApp, deps: SeoDeps): void {
  registerRoute(app, seoRoutes.headCheck, async () => checkHeads(deps));
}
