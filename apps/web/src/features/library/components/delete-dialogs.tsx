import type { Folder } from '@homestretch/contract/library/folder';
import type { Video } from '@homestretch/contract/library/video';
import { errorMessage } from '../../../lib/error-messages';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { useDeleteFolder } from '../api/delete-folder';
import { useDeleteVideos } from '../api/delete-videos';

export const videosWord = (count: number) => (count === 1 ? '1 video' : `${count} videos`);

/** "Delete the folder?": only the folder goes, its videos stay in the library. */
export function DeleteFolderDialog({
  folder,
  onClose,
  onDeleted,
}: {
  folder: Folder;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const deleteFolder = useDeleteFolder();
  return (
    <ConfirmDialog
      title={`Delete the folder “${folder.name}”?`}
      confirmLabel="Delete folder"
      busy={deleteFolder.isPending}
      error={deleteFolder.isError ? errorMessage(deleteFolder.error) : null}
      onClose={onClose}
      onConfirm={() => deleteFolder.mutate(folder.id, { onSuccess: onDeleted })}
    >
      <p>
        Only the folder goes: its {videosWord(folder.videos.length)} stay in the library.
        {folder.is_shared && ' Your colleagues will no longer see it.'}
      </p>
    </ConfirmDialog>
  );
}

/**
 * "Delete these videos?": the videos this user may delete among those chosen. A video a
 * patient's program holds is archived instead; `onDeleted` hears the titles of those.
 */
export function DeleteVideosDialog({
  videos,
  chosenCount,
  onClose,
  onDeleted,
}: {
  videos: readonly Video[];
  chosenCount: number;
  onClose: () => void;
  onDeleted: (deletedCount: number, archivedTitles: string[]) => void;
}) {
  const deleteVideos = useDeleteVideos();
  return (
    <ConfirmDialog
      title={
        videos.length === 1
          ? `Delete “${(videos[0] as Video).title}”?`
          : `Delete ${videos.length} videos?`
      }
      confirmLabel="Delete"
      busy={deleteVideos.isPending}
      error={deleteVideos.isError ? errorMessage(deleteVideos.error) : null}
      onClose={onClose}
      onConfirm={() =>
        deleteVideos.mutate(
          videos.map((video) => video.id),
          {
            onSuccess: ({ deleted, archived }) => {
              const title = (id: number) =>
                videos.find((video) => video.id === id)?.title ?? `Video ${id}`;
              onDeleted(deleted.length, archived.map(title));
            },
          },
        )
      }
    >
      <p>
        They leave the library and every folder. A video a patient’s program uses is kept for that
        program, out of the library.
      </p>
      {videos.length > 1 && (
        <ul className="mt-2 list-disc pl-5 text-ink">
          {videos.map((video) => (
            <li key={video.id}>{video.title}</li>
          ))}
        </ul>
      )}
      {chosenCount > videos.length && (
        <p className="mt-2">
          Catalogue items and other therapists’ videos among those you chose stay.
        </p>
      )}
    </ConfirmDialog>
  );
}
