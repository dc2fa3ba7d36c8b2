import { Type } from '@sinclair/typebox';
import { TranslateConfig } from './authoring/translate/config.ts';
import { MediaConfig } from './media/config.ts';

/**
 * Every environment variable only the catalog reads (ServiceModule.configSchema:
 * validated at start, listed in .env.example). Each area loads its own part.
 */
export const CatalogConfig = Type.Object({ ...MediaConfig.properties, ...TranslateConfig.properties });
