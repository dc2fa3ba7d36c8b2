/** Where the files port is served when no CDN stands in front (FILES_PUBLIC_BASE_URL unset: publicUrl points here); the media cookie's path. */
export const FILES_PREFIX = '/files';
