-- Sum types support equality but no ordering.
-- ==
-- error: has a sum type .* which ">" is not defined for

def main (x: f32) (y: f32) = (#foo x : #foo f32) > #foo y
