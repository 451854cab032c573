import sys

from wizard_core.cli import main

sys.exit(main())
