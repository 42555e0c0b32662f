-- The media route checks who may see an event picture (docs/decisions/0019-media-access.md): it
-- finds the event by the picture's URL, one index lookup per size instead of a scan of events.
-- Gallery files need no index of their own: their key names the upload (media_uploads' primary
-- key), and gallery_items.upload_id is unique.
CREATE INDEX events_image_idx ON events (image) WHERE image IS NOT NULL;
CREATE INDEX events_m_image_idx ON events (m_image) WHERE m_image IS NOT NULL;
