import type { FastifyInstance } from 'fastify';
import { addToFoldersRoute } from '@homestretch/contract/library/add-to-folders';
import { copyVideoRoute } from '@homestretch/contract/library/copy-video';
import { createFolderRoute } from '@homestretch/contract/library/create-folder';
import { deleteFolderRoute } from '@homestretch/contract/library/delete-folder';
import { deleteVideosRoute } from '@homestretch/contract/library/delete-videos';
import { getFolderRoute } from '@homestretch/contract/library/get-folder';
import { getVideoRoute } from '@homestretch/contract/library/get-video';
import { listFoldersRoute } from '@homestretch/contract/library/list-folders';
import { listVideosRoute } from '@homestretch/contract/library/list-videos';
import { removeFromFoldersRoute } from '@homestretch/contract/library/remove-from-folders';
import { shareFoldersRoute } from '@homestretch/contract/library/share-folders';
import { updateFolderRoute } from '@homestretch/contract/library/update-folder';
import { updateVideoRoute } from '@homestretch/contract/library/update-video';
import { route } from '../../platform/route';
import {
  addToFolders,
  copyVideo,
  createFolder,
  deleteFolder,
  deleteVideos,
  findVideos,
  getFolder,
  getVideo,
  listFolders,
  removeFromFolders,
  shareFolders,
  updateFolder,
  updateVideo,
} from './library.service';

export function registerLibraryRoutes(app: FastifyInstance): void {
  route(app, listVideosRoute, 'library.read', ({ ctx, query }) => findVideos(ctx, query));
  route(app, getVideoRoute, 'library.read', ({ ctx, params }) => getVideo(ctx, params.id));
  route(app, updateVideoRoute, 'library.manage', ({ ctx, params, body }) =>
    updateVideo(ctx, params.id, body),
  );
  route(app, copyVideoRoute, 'library.manage', ({ ctx, params }) => copyVideo(ctx, params.id));
  route(app, deleteVideosRoute, 'library.manage', ({ ctx, body }) =>
    deleteVideos(ctx, body.videos),
  );

  route(app, listFoldersRoute, 'library.read', ({ ctx }) => listFolders(ctx));
  route(app, createFolderRoute, 'library.manage', ({ ctx, body }) => createFolder(ctx, body.name));
  route(app, getFolderRoute, 'library.read', ({ ctx, params }) => getFolder(ctx, params.folderId));
  route(app, updateFolderRoute, 'library.manage', ({ ctx, params, body }) =>
    updateFolder(ctx, params.folderId, body),
  );
  route(app, deleteFolderRoute, 'library.manage', async ({ ctx, params }) => {
    await deleteFolder(ctx, params.folderId);
    return { ok: true as const };
  });
  route(app, addToFoldersRoute, 'library.manage', ({ ctx, body }) => addToFolders(ctx, body));
  route(app, removeFromFoldersRoute, 'library.manage', ({ ctx, body }) =>
    removeFromFolders(ctx, body),
  );
  route(app, shareFoldersRoute, 'library.manage', ({ ctx, body }) =>
    shareFolders(ctx, body.libraryfolder_ids, body.is_shared),
  );
}
