# The page's entry point: everything else lives in the parlour package (parlour.web).
from parlour.web.app import start

start()
