/** The upgrade center API: the version resource, the apps' stable versions and package uploads; types from the generated paths. */
import { PACKAGE_FOLDER } from '../../shared/version';
import { uploadFile, type UploadedFile } from './api';
import { withQuery } from './query-string';
import type { RequestOptions } from './request-layer';
import { defineResource, type Data, type ItemOf } from './resource';
import { api } from './client';

export const versionResource = defineResource({
  name: 'app-versions',
  base: '/api/upgrade/versions',
  idField: 'id',
  rowName: (r) => `${r.app_name ?? r.appid} ${r.version}`,
});
export type VersionRow = ItemOf<typeof versionResource>;
export type LatestVersion = Data<'/api/upgrade/latest', 'get'>[number];

export const versionDetailPath = (id: string) => withQuery('/uni_modules/uni-upgrade-center/pages/version/detail', { id });
export const versionListPath = (appid?: string) => withQuery('/uni_modules/uni-upgrade-center/pages/version/list', { appid });

/** the stable version of each platform and type of these apps */
export const latestVersions = (appids: string[], opts?: RequestOptions) => api.get('/api/upgrade/latest', { ...opts, query: { appid: appids } });

/** uploads a package through the file service, under the upgrade center's folder, reporting progress */
export const uploadPackage = (appid: string, file: File, onProgress: (percent: number) => void, opts?: RequestOptions): Promise<UploadedFile> => {
  const folder = `${PACKAGE_FOLDER}/${appid}/${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return uploadFile(`${folder}/${file.name}`, file, file.name, onProgress, opts);
};
