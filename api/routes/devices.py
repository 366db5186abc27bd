"""Device push registration (spec doc 1 §7 `POST /api/device/fcm/` {registration_id}): the app in the Android wrapper
registers the id its wrapper got from the push service once per login, and deletes it on logout. One row per id
(store/devices.py): registering it again changes nothing, registering it from another account moves it there. The
delete takes the same body and removes the id only if it is the caller's (another account's id stays; 204 either
way, so a logout never fails on it)."""

from __future__ import annotations

from fastapi import APIRouter, Response
from pydantic import BaseModel, Field

from api.deps import CurrentCaller, Db
from api.errors import ApiError
from api.schemas import Body
from domain.devices import MAX_REGISTRATION_ID, registration_error
from store import devices

router = APIRouter(tags=["account"])
PATH = "/api/device/fcm/"


class DeviceIn(Body):
    registration_id: str = Field(description=f"the push service's id of this device (at most {MAX_REGISTRATION_ID} "
                                             "characters: letters, digits, _ : - .)")


class DeviceOut(BaseModel):
    registration_id: str


def _registration_id(body: DeviceIn) -> str:
    value = body.registration_id.strip()
    if error := registration_error(value):
        raise ApiError(422, error, field="registration_id")
    return value


@router.post(PATH, status_code=201, response_model=DeviceOut)
async def register(body: DeviceIn, caller: CurrentCaller, db: Db) -> DeviceOut:
    value = _registration_id(body)
    await devices.register(db, caller.id, value)
    await db.commit()
    return DeviceOut(registration_id=value)


@router.delete(PATH, status_code=204)
async def unregister(body: DeviceIn, caller: CurrentCaller, db: Db) -> Response:
    await devices.unregister(db, caller.id, _registration_id(body))
    await db.commit()
    return Response(status_code=204)
