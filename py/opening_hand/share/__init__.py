"""What leaves the page or comes back to it: share links, the saved deck library, stored lists read
entry by entry, and the one guarded reader of untrusted JSON.
"""
