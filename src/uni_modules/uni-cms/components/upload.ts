/** Article images (covers and images in the text) go to the file service's cms folder, which readers may open without a token. */
import { CMS_FOLDER } from '../../../../shared/validation';
import { uploadFile } from '../../../services/api';

/** spec: the cloud path is the current time plus the index plus the original extension */
export function cloudPathOf(file: File, index: number, now = Date.now()): string {
  const ext = /\.([A-Za-z0-9]{1,8})$/.exec(file.name)?.[1]?.toLowerCase() ?? 'png';
  return `${CMS_FOLDER}/${now}${index}.${ext}`;
}

/** uploads one image and answers the url it is served at */
export async function uploadImage(file: File, index: number, onProgress?: (percent: number) => void): Promise<string> {
  const r = await uploadFile(cloudPathOf(file, index), file, file.name, onProgress);
  return r.url;
}
