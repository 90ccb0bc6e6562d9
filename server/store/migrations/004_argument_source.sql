-- Where an argument came from when it is not a real model run (e.g. "synthetic demo").
ALTER TABLE arguments ADD COLUMN source TEXT;
